import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

/** Formats browsers know as media, plus containers they often do not (the server probes each file). */
export const UPLOAD_ACCEPT = 'video/*,audio/*,.mkv,.flv,.ts,.mts,.m2ts,.mov,.webm,.m4a';

/** A button that opens the file picker for one or more media files. */
export function UploadButton({
  label,
  onFiles,
  variant = 'contained',
  size,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<CloudUploadOutlined />}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so picking the same file again fires change again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
