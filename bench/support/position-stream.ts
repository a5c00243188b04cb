import { request, type IncomingMessage } from 'node:http';

// A customer's phone following a service: its event stream, read raw (no EventSource in Node), with
// the latitude of each position event handed to `onPosition` (benchmarks mark each POST in it) and
// the status of each trip event to `onTrip`.

export interface PositionStream {
  baseUrl: string;
  appKey: string;
  serviceId: string;
  /** The service's bearer token, as the tracking screen has it. */
  token: string;
  onPosition: (lat: number) => void;
  /** The status of each trip event (the driver's status changes: on route, arrived...). */
  onTrip?: (status: string) => void;
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
          const data = /\ndata: (.*)/.exec(message)?.[1];
          if (data && message.includes('event: position')) {
            stream.onPosition((JSON.parse(data) as { lat: number }).lat);
          } else if (data && message.includes('event: trip')) {
            stream.onTrip?.((JSON.parse(data) as { status: string }).status);
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
