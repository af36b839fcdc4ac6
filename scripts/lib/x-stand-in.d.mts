export interface XStandInMedia {
  id: string;
  mediaType: string;
  category: string | null;
  total: number;
  segments: Map<number, Buffer>;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded';
}

export function startXStandIn(options: { issuerUrl: string }): Promise<{
  url: string;
  media: XStandInMedia[];
  posts: { id: string; text: string; mediaIds: string[]; author: string }[];
  stats: { drops: number; appends: number; statusPolls: number; refusedTokens: number };
  bytesOf(media: XStandInMedia): Buffer;
  dropNextAfter(bytes: number): void;
  stop(): Promise<void>;
}>;
