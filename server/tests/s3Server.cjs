// An S3-compatible server for the mirror's tests: npm's s3rver on 127.0.0.1, port 0, its
// objects in the folder given, one bucket made empty at start. Plain Node (s3rver's Koa
// does not load under tsx's module hooks); it says where it listens on its first line.
//   node server/tests/s3Server.cjs FOLDER BUCKET
const S3rver = require("s3rver");

const [folder, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: folder,
  configureBuckets: [{ name: bucket }],
});
server.run().then(
  ({ port }) => console.log(`s3rver: bucket ${bucket} on http://127.0.0.1:${port}`),
  (error) => {
    console.error(`s3rver: ${error.message}`);
    process.exit(1);
  },
);
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
