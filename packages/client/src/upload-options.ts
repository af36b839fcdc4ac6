/** A Blob or File as is, or any Blob under an explicit file name. */
export type UploadFile = Blob | { name: string; data: Blob };

export interface UploadOptions {
  /** Route path below /v1, for example `/medias/upload`. */
  path: string;
  files: UploadFile | UploadFile[];
  /** Plain form fields; sent before the files so a streaming server sees them before the bytes. */
  fields?: Record<string, string | number | boolean>;
  /** Form field name of each file part. Default `file`. */
  fieldName?: string;
  /** Called as bytes leave the client; the last call has loaded === total. */
  onProgress?: (loaded: number, total: number) => void;
  /** The only way to stop an upload: uploads have no time-out (spec section 9). */
  signal?: AbortSignal;
}

export interface NamedFile {
  name: string;
  data: Blob;
}

export function namedFiles(files: UploadFile | UploadFile[]): NamedFile[] {
  return (Array.isArray(files) ? files : [files]).map((file) =>
    'data' in file ? file : { name: (file as { name?: string }).name ?? 'blob', data: file },
  );
}
