import type { NamedFile } from './upload-options';

/** A multipart/form-data body as a list of parts, so it can be streamed with an exact Content-Length. */
export interface MultipartBody {
  contentType: string;
  parts: (Uint8Array | Blob)[];
  length: number;
}

// RFC 7578 / HTML: quotes and line breaks in names are percent-encoded, not backslash-escaped.
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function multipartBody(
  fields: Record<string, string | number | boolean>,
  files: NamedFile[],
  fieldName: string,
): MultipartBody {
  const boundary = `----stromwerk-${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const parts: (Uint8Array | Blob)[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(key)}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    const type = file.data.type || 'application/octet-stream';
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(fieldName)}"; filename="${quoted(file.name)}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file.data,
      encoder.encode('\r\n'),
    );
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const length = parts.reduce((sum, part) => sum + (part instanceof Blob ? part.size : part.byteLength), 0);
  return { contentType: `multipart/form-data; boundary=${boundary}`, parts, length };
}
