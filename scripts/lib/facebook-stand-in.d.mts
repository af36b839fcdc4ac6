export interface FacebookStandInUpload {
  id: string;
  fileName: string | null;
  fileType: string | null;
  total: number;
  received: number;
  chunks: Buffer[];
  handle: string | null;
}

export function startFacebookStandIn(options: {
  issuerUrl: string;
  appId: string;
  pages?: { id: string; name: string }[];
}): Promise<{
  url: string;
  uploads: FacebookStandInUpload[];
  videos: ({ id: string; pageId: string; upload: FacebookStandInUpload } & Record<string, unknown>)[];
  stats: { drops: number; offsetQueries: number; accountLookups: number; refusedTokens: number };
  bytesOf(upload: FacebookStandInUpload): Buffer;
  dropNextAfter(bytes: number): void;
  stop(): Promise<void>;
}>;
