import Box from '@mui/material/Box';

/** Spec section 3: flag images at /flags/{flag}.svg. Decorative: the language name is the label. */
export function Flag({ flag, width = 24 }: { flag: string; width?: number }) {
  return (
    <Box
      component="img"
      src={`/flags/${flag}.svg`}
      alt=""
      width={width}
      height={Math.round((width * 3) / 4)}
      sx={{ borderRadius: 0.5, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', objectFit: 'cover', flexShrink: 0 }}
    />
  );
}
