import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it, after its body was read in full. */
export interface Received {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: Received[];
  handle: Handler;
  close(): Promise<void>;
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
}

/** A real HTTP server on 127.0.0.1 and a random port that records every request it gets. */
export async function startServer(handle: Handler = json(200, { ok: true })): Promise<TestServer> {
  const state: TestServer = {
    url: '',
    received: [],
    handle,
    close: async () => {
      // Tests leave requests hanging on purpose (time-outs); drop them so close() returns.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://localhost');
      const received: Received = {
        method: req.method ?? '',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      state.received.push(received);
      state.handle(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** Parses a recorded multipart body with the platform's own parser. */
export function formDataOf(req: Received): Promise<FormData> {
  return new Response(req.body, {
    headers: { 'content-type': String(req.headers['content-type']) },
  }).formData();
}
