export interface StandInUpload {
  id: string;
  kind: 'youtube' | 'drive';
  metadata: Record<string, unknown>;
  total: number;
  received: number;
  chunks: Buffer[];
  resource?: Record<string, unknown> & { id: string };
}

export function startGoogleStandIn(options: {
  issuerUrl: string;
  dropAfterBytes?: number;
  extra?: (
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
    url: URL,
  ) => Promise<boolean>;
}): Promise<{
  url: string;
  uploads: StandInUpload[];
  folders: { id: string; name: string; parents: string[] }[];
  stats: { drops: number; offsetQueries: number; refusedTokens: number };
  bytesOf(upload: StandInUpload): Buffer;
  dropNextAfter(bytes: number): void;
  stop(): Promise<void>;
}>;
