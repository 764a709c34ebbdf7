// s3rver 3.7 (the tests' S3) answers a PUT once it has read the request's body, before the
// object's file is written: its FilesystemStore.putObject resolves on the body's end, not the
// file's. A GET right after that answer could read the file empty or cut, which no S3 does (its
// reads after a write are consistent): an upload answered 201 was read back empty on a loaded
// machine (ci92, media-upload's s3 orientation case). Here each object's file is written whole,
// then its metadata, before the PUT is answered; the rest is s3rver's own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface PutObject { bucket: string; key: string; content: Buffer | Readable; metadata: Record<string, string> }
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: PutObject): Promise<{ size: number; md5: string }>;
}

const store = createRequire(import.meta.url)('s3rver/lib/stores/filesystem.js') as { prototype: FilesystemStore };

store.prototype.putObject = async function putObjectWritten(this: FilesystemStore, object: PutObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
  const md5 = crypto.createHash('md5');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content, counted, fs.createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};
