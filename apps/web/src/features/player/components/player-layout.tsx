import Box from '@mui/material/Box';
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { CommentsPanel } from './comments-panel';
import { PlayerStage } from './player-stage';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The video fills the page in the custom background colour. With comments, wide pages put them beside
 * the video and narrow ones (phones, small embeds) below it, where the page scrolls.
 */
export function PlayerLayout({ outputId, session }: { outputId: string; session: PlaySession }) {
  const comments = session.commentsEnabled;
  const portrait = session.direction === 'portrait';
  const narrowHeight = portrait ? 'min(85vh, 177.78vw)' : 'min(100vh, 56.25vw)';
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        bgcolor: session.background,
        display: 'flex',
        flexDirection: comments ? { xs: 'column', md: 'row' } : 'column',
      }}
    >
      <Box component="h1" sx={visuallyHidden}>
        {session.name}
      </Box>
      <Box
        sx={{
          flex: comments ? { xs: '0 0 auto', md: '1 1 auto' } : '1 1 auto',
          height: comments ? { xs: narrowHeight, md: '100vh' } : '100vh',
          minWidth: 0,
        }}
      >
        <PlayerStage outputId={outputId} session={session} />
      </Box>
      {comments && (
        <Box
          sx={{
            width: { xs: '100%', md: 360 },
            height: { md: '100vh' },
            flex: { xs: '1 1 auto', md: '0 0 auto' },
            bgcolor: 'background.paper',
            borderLeft: { md: 1 },
            borderColor: { md: 'divider' },
          }}
        >
          <CommentsPanel outputId={outputId} token={session.token} moderation={session.moderation} />
        </Box>
      )}
    </Box>
  );
}
