import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Accepts files dropped anywhere on its children and shows an overlay while files are dragged over.
 * The counter keeps the overlay up while the pointer crosses child elements (each fires enter/leave).
 */
export function UploadDropZone({
  onFiles,
  children,
}: {
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('medias');
  const depth = useRef(0);
  const [over, setOver] = useState(false);

  return (
    <Box
      data-testid="upload-drop-zone"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
      sx={{ position: 'relative', minHeight: 200 }}
    >
      {children}
      {over && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 2,
            borderRadius: 3,
            border: '3px dashed',
            borderColor: 'primary.main',
            bgcolor: 'rgba(244, 245, 250, 0.92)',
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <Box sx={{ textAlign: 'center', color: 'primary.main' }}>
            <CloudUploadOutlined sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="p">
              {t('upload.dropNow')}
            </Typography>
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The slim hint above the library that dropping works, with a picker for those who prefer one. */
export function DropHint({ action }: { action: ReactNode }) {
  const { t } = useTranslation('medias');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1.5,
        px: 2,
        py: 1.25,
        mb: 2,
        border: '1.5px dashed',
        borderColor: 'divider',
        borderRadius: 3,
        color: 'text.secondary',
      }}
    >
      <CloudUploadOutlined color="primary" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 180 }}>
        {t('upload.dropHint')}
      </Typography>
      {action}
    </Box>
  );
}
