import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

// A local stand-in for an S3-compatible object store that accepts only SigV4 presigned URLs
// (AWS "Authenticating Requests: Using Query Parameters"): X-Amz-Algorithm AWS4-HMAC-SHA256,
// X-Amz-Credential <key id>/<yyyymmdd>/<region>/s3/aws4_request, X-Amz-Date, X-Amz-Expires,
// X-Amz-SignedHeaders (host and any signed header) and X-Amz-Signature. It recomputes the signature
// with @smithy/signature-v4 over the same credentials, refuses an expired URL, stores PUT bodies and
// serves them to GET and HEAD, answering S3's XML errors (AccessDenied, SignatureDoesNotMatch,
// NoSuchKey).

export interface S3FixtureCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RecordedS3Request {
  method: string;
  /** The raw (encoded) path, `/<bucket>/<key>`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** 'OK' or the S3 error code answered. */
  outcome: string;
}

export interface S3Fixture {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: S3FixtureCredentials;
  requests: RecordedS3Request[];
  objects: Map<string, { body: Buffer; contentType: string }>;
  close(): Promise<void>;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytesOf(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(new Uint8Array(data));
}

/** node:crypto as the Checksum constructor SignatureV4 wants (plain SHA-256 or HMAC-SHA256). */
class NodeSha256 {
  private hash: ReturnType<typeof createHash>;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined
      ? createHash('sha256')
      : (createHmac('sha256', bytesOf(this.secret)) as unknown as ReturnType<typeof createHash>);
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/** 20261121T210604Z -> Date. */
function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : undefined;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string): string {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
  return code;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Fixture(options: {
  bucket: string;
  region: string;
  credentials: S3FixtureCredentials;
}): Promise<S3Fixture> {
  const { bucket, region, credentials } = options;
  const requests: RecordedS3Request[] = [];
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials,
    sha256: NodeSha256,
    // S3 signs the path as sent (keys are not encoded twice).
    uriEscapePath: false,
  });

  /** The S3 error code of a presigned request, or undefined when it is valid now. */
  async function refusal(req: IncomingMessage, url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    const date = parseAmzDate(q['X-Amz-Date'] ?? '');
    const expires = Number(q['X-Amz-Expires']);
    const signedHeaders = (q['X-Amz-SignedHeaders'] ?? '').split(';');
    const [keyId, day, scopeRegion, service, terminator] = (q['X-Amz-Credential'] ?? '').split('/');
    if (q['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256' || !date || !q['X-Amz-Signature']) {
      return xmlError(res, 403, 'AccessDenied', 'Query-string authentication required');
    }
    if (keyId !== credentials.accessKeyId) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'Unknown access key');
    }
    const scopeOk =
      day === q['X-Amz-Date']?.slice(0, 8) &&
      scopeRegion === region &&
      service === 's3' &&
      terminator === 'aws4_request';
    if (!scopeOk || !signedHeaders.includes('host')) {
      return xmlError(res, 400, 'AuthorizationQueryParametersError', 'Bad credential scope');
    }
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return xmlError(res, 400, 'AuthorizationQueryParametersError', 'Bad X-Amz-Expires');
    }
    if (date.getTime() + expires * 1000 < Date.now()) {
      return xmlError(res, 403, 'AccessDenied', 'Request has expired');
    }
    const query: Record<string, string> = { ...q };
    delete query['X-Amz-Signature'];
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? '');
    const payload = query['X-Amz-Content-Sha256'];
    if (payload) headers['X-Amz-Content-Sha256'] = payload;
    const expected = await signer.presign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query,
        headers,
      },
      { signingDate: date, expiresIn: expires, signableHeaders: new Set(signedHeaders) },
    );
    const a = Buffer.from(String(expected.query?.['X-Amz-Signature']));
    const b = Buffer.from(q['X-Amz-Signature']);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      return xmlError(res, 403, 'SignatureDoesNotMatch', 'The request signature does not match');
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<string> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (!url.pathname.startsWith(`/${bucket}/`)) {
      return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const refused = await refusal(req, url, res);
    if (refused) return refused;
    const key = decodeURIComponent(url.pathname.slice(bucket.length + 2));
    if (req.method === 'PUT') {
      const body = await readBody(req);
      objects.set(key, { body, contentType: req.headers['content-type'] ?? '' });
      const etag = createHash('md5').update(body).digest('hex');
      res.writeHead(200, { etag: `"${etag}"` });
      res.end();
      return 'OK';
    }
    const object = objects.get(key);
    if (req.method === 'HEAD') {
      // HeadObject: the headers of GetObject, no body (a missing key is a bare 404).
      res.writeHead(object ? 200 : 404, {
        ...(object ? { 'content-type': object.contentType } : {}),
        'content-length': String(object?.body.length ?? 0),
      });
      res.end();
      return object ? 'OK' : 'NoSuchKey';
    }
    if (req.method !== 'GET' || !object) {
      return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
    }
    res.writeHead(200, { 'content-type': object.contentType });
    res.end(object.body);
    return 'OK';
  }

  const server = createServer((req, res) => {
    const record: RecordedS3Request = {
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      query: Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams),
      headers: req.headers,
      outcome: 'pending',
    };
    requests.push(record);
    handle(req, res).then(
      (outcome) => {
        record.outcome = outcome;
      },
      () => {
        record.outcome = xmlError(res, 500, 'InternalError', 'fixture failure');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    credentials,
    requests,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
