import { request, type IncomingMessage } from 'node:http';

// A customer's phone following a service: its event stream, read raw (no EventSource in Node), with
// the latitude of each position event handed to `onPosition` (benchmarks mark each POST in it).

export interface PositionStream {
  baseUrl: string;
  appKey: string;
  serviceId: string;
  /** The service's bearer token, as the tracking screen has it. */
  token: string;
  onPosition: (lat: number) => void;
}

/** Opens the stream; resolves with the response once it answered 200 (destroy it to close). */
export function openPositionStream(stream: PositionStream): Promise<IncomingMessage> {
  const url = new URL(`${stream.baseUrl}/common/api/v1/services/${stream.serviceId}/events`);
  url.searchParams.set('key', stream.appKey);
  url.searchParams.set('token', stream.token);
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${String(res.statusCode)}`));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes('event: position')) {
            const data = /\ndata: (.*)/.exec(message)?.[1];
            if (data) stream.onPosition((JSON.parse(data) as { lat: number }).lat);
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}
