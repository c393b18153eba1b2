# Debian 13's moto_server, with one mend so that it checks restic's signatures as AWS does.
#
# AWS signs the query string with every name and value URI-encoded ("/" as %2F). restic
# (minio-go) sends "prefix=www/keys/" with its slashes as they are; moto 5.1 signs the query
# as it arrives, so it answers "the signature does not match" to every listing restic makes.
# This encodes the query the way AWS does before moto checks the signature; nothing else
# changes (the keys and their policies are moto's own).
import sys
from urllib.parse import parse_qsl, quote

from moto.iam import access_control
from moto.server import main

_aws_request = access_control.IAMRequestBase._create_aws_request


def _as_aws_signs(self):
    path, _, query = self._path.partition("?")
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        encoded = "&".join(quote(k, safe="-_.~") + "=" + quote(v, safe="-_.~") for k, v in pairs)
        self._path = f"{path}?{encoded}"
    return _aws_request(self)


access_control.IAMRequestBase._create_aws_request = _as_aws_signs
sys.exit(main(sys.argv[1:]))
