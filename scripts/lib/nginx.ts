/** Where Debian's libnginx-mod-http-brotli-filter puts the module. */
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";
