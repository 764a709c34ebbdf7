// The library's files in an S3 bucket (AWS or any S3-compatible server), through the
// official SDK. Named by `s3://bucket/optional/prefix?endpoint=http://…&region=…`;
// credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID … in the environment,
// profiles), never from the address, so that it can be logged. Files are served by
// streaming them from the bucket, conditional and range headers passed on.
import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  DeleteObjectsCommandOutput, GetObjectCommandOutput, HeadObjectCommandOutput, PutObjectCommandOutput, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import mime from 'mime-types';
import { checkedRelative, storageUnavailable, type FileAnswer, type FileRequest, type NameClaims, type ObjectStorage, type StoredEntry } from './storage.ts';

/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

export interface S3Location {
  bucket: string;
  /** Key prefix of the library, empty or ending in `/`. */
  prefix: string;
  endpoint?: string;
  region: string;
}

/** Reads `s3://bucket[/prefix]?endpoint=…&region=…`; throws on anything else. */
export function parseS3Address(address: string): S3Location {
  const url = new URL(address);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error('--media must look like s3://bucket[/prefix]?endpoint=http://host:port&region=us-east-1');
  if (url.username || url.password) throw new Error('--media takes no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead.');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: url.searchParams.get('endpoint') ?? undefined,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
  };
}

const statusOf = (error: unknown) => (error as Partial<S3ServiceException> | undefined)?.$metadata?.httpStatusCode;

/** The SDK is loaded when a bucket is first used: a site on a folder (the desktop's) never pays for it. */
type Sdk = typeof import('@aws-sdk/client-s3');

/** The headers of a file the way the folder backends send them. */
function fileHeaders(object: GetObjectCommandOutput | HeadObjectCommandOutput): Record<string, string> {
  const headers: Record<string, string> = { 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=0' };
  if (object.ContentType) headers['content-type'] = object.ContentType;
  if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
  if (object.ETag) headers.etag = object.ETag;
  if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
  if ('ContentRange' in object && object.ContentRange) headers['content-range'] = object.ContentRange;
  return headers;
}

/**
 * If-Match and If-Unmodified-Since checked again on the bucket's answer: S3 refuses a failed
 * one itself (412), but not every compatible server does (s3rver ignores them).
 */
function preconditionsHold(object: GetObjectCommandOutput | HeadObjectCommandOutput, headers: FileRequest['headers']): boolean {
  const ifMatch = headers['if-match'];
  if (ifMatch && ifMatch.trim() !== '*' && !ifMatch.split(',').map((tag) => tag.trim()).includes(object.ETag ?? '')) return false;
  const ifUnmodifiedSince = Date.parse(headers['if-unmodified-since'] ?? '');
  return Number.isNaN(ifUnmodifiedSince) || !object.LastModified || object.LastModified.getTime() <= ifUnmodifiedSince;
}

export class S3MediaStorage implements ObjectStorage {
  readonly shared = true;
  readonly description: string;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly location: S3Location) {
    this.description = `S3 bucket ${location.bucket}${location.prefix ? `/${location.prefix}` : ''}${location.endpoint ? ` at ${location.endpoint}` : ''}`;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.location.region,
        endpoint: this.location.endpoint,
        // S3-compatible servers name buckets in the path; AWS accepts both.
        forcePathStyle: this.location.endpoint !== undefined,
        // Checksums only where S3 requires them: not every compatible server knows the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.connection;
  }

  /** Runs `work` with the client; a bucket that does not answer, or answers 5xx, is a 503 for the request. */
  private async call<T>(work: (sdk: Sdk, client: S3Client) => Promise<T>): Promise<T> {
    const { sdk, client } = await this.connect();
    try {
      return await work(sdk, client);
    } catch (error) {
      const status = statusOf(error);
      throw status === undefined || status >= 500 ? storageUnavailable(error) : error;
    }
  }

  /** Sends the command `make` builds from the SDK's classes; `T` is that command's output. */
  private send<T>(make: (sdk: Sdk) => object): Promise<T> {
    // Each command's own type ties it to its output; the one client takes them all.
    return this.call(async (sdk, client) => (await client.send(make(sdk) as never)) as T);
  }

  private key(relative: string): string {
    return `${this.location.prefix}${checkedRelative(relative)}`;
  }

  private async names(prefix: string): Promise<StoredEntry[]> {
    return this.call(async (sdk, client) => {
      const entries: StoredEntry[] = [];
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: this.location.bucket, Prefix: `${this.location.prefix}${prefix}` })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) entries.push({ path: object.Key.slice(this.location.prefix.length), modified: object.LastModified ?? new Date(0) });
        }
      }
      return entries;
    });
  }

  /** The claim is a put with `If-None-Match: *`, which S3 refuses (412) when the key exists (s3rver and some others ignore it). */
  nameClaims(subdir: string, base: string): NameClaims {
    return {
      exclusive: false,
      names: async () => (await this.names(`${checkedRelative(subdir)}/${base}`)).map((entry) => entry.path.slice(subdir.length + 1)),
      claim: async (candidate) => {
        try {
          await this.send<PutObjectCommandOutput>((sdk) => new sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: this.key(`${subdir}/${candidate}`), Body: new Uint8Array(0), IfNoneMatch: '*' }));
          return true;
        } catch (error) {
          if (statusOf(error) === 412 || statusOf(error) === 409) return false;
          throw error;
        }
      },
      release: (candidate) => this.remove([`${subdir}/${candidate}`]),
    };
  }

  async write(relative: string, bytes: Buffer): Promise<void> {
    const contentType = mime.contentType(path.posix.basename(relative)) || 'application/octet-stream';
    await this.send<PutObjectCommandOutput>((sdk) => new sdk.PutObjectCommand({ Bucket: this.location.bucket, Key: this.key(relative), Body: bytes, ContentType: contentType }));
  }

  async read(relative: string): Promise<Buffer<ArrayBuffer>> {
    const object = await this.send<GetObjectCommandOutput>((sdk) => new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(relative) }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async size(relative: string): Promise<number | null> {
    try {
      return (await this.send<HeadObjectCommandOutput>((sdk) => new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(relative) }))).ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async remove(relatives: Iterable<string>): Promise<void> {
    const keys = [...relatives].map((relative) => ({ Key: this.key(relative) }));
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const answer = await this.send<DeleteObjectsCommandOutput>((sdk) => new sdk.DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: keys.slice(start, start + DELETE_BATCH), Quiet: true } }));
      if (answer.Errors?.length) throw new Error(`The bucket refused to delete ${answer.Errors[0].Key}: ${answer.Errors[0].Message}`);
    }
  }

  list(): Promise<StoredEntry[]> {
    return this.names('');
  }

  /**
   * One page of the listing: refused, with the bucket's own words, where the bucket is not
   * there or these credentials may not list it (a HEAD of the bucket would say why in none).
   */
  async probe(): Promise<void> {
    await this.send((sdk) => new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: this.location.prefix }));
  }

  /**
   * The bucket answers the conditions itself (ETag, dates, one range). S3 has no If-Range:
   * with one, the file's current validators are read first and the range is dropped when
   * they differ, as RFC 9110 asks.
   */
  async fetch(relative: string, request: FileRequest): Promise<FileAnswer> {
    const { headers } = request;
    const bucketKey = { Bucket: this.location.bucket, Key: this.key(relative) };
    // A client that asks to bypass caches gets the file, as from the folder backends.
    const revalidate = !/no-cache/i.test(headers['cache-control'] ?? '');
    const conditions = {
      IfMatch: headers['if-match'], IfNoneMatch: revalidate ? headers['if-none-match'] : undefined,
      IfModifiedSince: revalidate && headers['if-modified-since'] ? new Date(headers['if-modified-since']) : undefined,
      IfUnmodifiedSince: headers['if-unmodified-since'] ? new Date(headers['if-unmodified-since']) : undefined,
    };
    for (const key of ['IfModifiedSince', 'IfUnmodifiedSince'] as const) {
      if (conditions[key] && Number.isNaN(conditions[key].getTime())) conditions[key] = undefined; // an invalid date is ignored
    }
    let range = headers.range;
    if (range && headers['if-range']) range = (await this.rangeStillValid(relative, headers['if-range'])) ? range : undefined;
    // A suffix range (the last N bytes) is made explicit: not every S3-compatible server reads one right.
    const suffix = /^bytes=-(\d+)$/.exec(range ?? '');
    if (suffix) {
      const size = await this.size(relative);
      if (size !== null && size > 0) range = `bytes=${Math.max(0, size - Number(suffix[1]))}-${size - 1}`;
    }
    try {
      if (request.method === 'HEAD') {
        const head = await this.send<HeadObjectCommandOutput>((sdk) => new sdk.HeadObjectCommand({ ...bucketKey, ...conditions }));
        return { status: preconditionsHold(head, headers) ? 200 : 412, headers: fileHeaders(head), body: null };
      }
      const object = await this.send<GetObjectCommandOutput>((sdk) => new sdk.GetObjectCommand({ ...bucketKey, ...conditions, Range: range }));
      if (!preconditionsHold(object, headers)) {
        (object.Body as Readable).destroy();
        return { status: 412, headers: {}, body: null };
      }
      return { status: object.ContentRange ? 206 : 200, headers: fileHeaders(object), body: object.Body as Readable };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return { status, headers: await this.validators(relative, error as S3ServiceException), body: null };
      if (status === 412 || status === 404) return { status, headers: {}, body: null };
      if (status === 416) {
        const size = await this.size(relative);
        return { status, headers: size === null ? {} : { 'content-range': `bytes */${size}` }, body: null };
      }
      throw error;
    }
  }

  /** A 304's validators: from the bucket's answer (the SDK reports a 304 as an error), or read when it gave none. */
  private async validators(relative: string, error: S3ServiceException): Promise<Record<string, string>> {
    const answer = error.$response?.headers ?? {};
    if (answer.etag) return { etag: answer.etag, ...(answer['last-modified'] ? { 'last-modified': answer['last-modified'] } : {}), 'cache-control': 'public, max-age=0' };
    const head = await this.send<HeadObjectCommandOutput>((sdk) => new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(relative) }));
    const { etag, 'last-modified': lastModified, 'cache-control': cacheControl } = fileHeaders(head);
    return { ...(etag ? { etag } : {}), ...(lastModified ? { 'last-modified': lastModified } : {}), 'cache-control': cacheControl };
  }

  private async rangeStillValid(relative: string, ifRange: string): Promise<boolean> {
    try {
      const head = await this.send<HeadObjectCommandOutput>((sdk) => new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(relative) }));
      if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return head.ETag === ifRange;
      return head.LastModified !== undefined && Date.parse(ifRange) >= head.LastModified.getTime();
    } catch {
      return false;
    }
  }

  close(): void {
    void this.connection?.then(({ client }) => client.destroy());
  }
}
