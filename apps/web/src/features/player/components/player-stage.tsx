import TvOffOutlined from '@mui/icons-material/TvOffOutlined';
import VolumeUp from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playsWebRtc, whepUrl } from '../api/early-whep';
import { formatClock } from '../dvr-window';
import { LIVE_SYNC_SECONDS, useHls } from '../hooks/use-hls';
import { useStageVideo } from '../hooks/use-stage-video';
import { useWhep } from '../hooks/use-whep';
import { DvrBar } from './dvr-bar';
import { QualityMenu } from './quality-menu';

const slate = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  p: 2,
} as const;

/**
 * The video in the player's direction (16:9 or 9:16), as large as the space allows, with the overlay
 * image placed in % of that frame. Offline shows a slate; the program coming up replaces it by itself.
 */
export function PlayerStage({ outputId, session }: { outputId: string; session: PlaySession }) {
  const { t } = useTranslation('player');
  const offline = session.input === 'offline' || !session.hlsUrl;
  const host = useRef<HTMLDivElement>(null);
  const video = useStageVideo(host, { controls: !offline, label: t('video', { name: session.name }) });
  // Real time plays the running program over WebRTC (not the recording's VOD); whatever keeps WebRTC
  // from playing switches this page to the same player's LL-HLS (use-whep.ts) until the program goes
  // offline: the writer's stop ends every WebRTC viewer, so a program back on air is offered again.
  const [fellBack, setFellBack] = useState(false);
  useEffect(() => {
    if (offline) setFellBack(false);
  }, [offline]);
  const webrtc = !fellBack && playsWebRtc(session);
  const rtc = useWhep(video, webrtc ? whepUrl(outputId, session.token) : null, () => setFellBack(true));
  const hls = useHls(
    video,
    offline || webrtc ? null : session.hlsUrl,
    session.latency,
    // main, backup and fallback are one running program (hot standby): hls.js plays through a switch;
    // only the recording (its own VOD playlist) starts the player over.
    session.input === 'vod' ? 'vod' : 'program',
  );
  const { livePosition, quality, chooseLevel } = hls;
  const status = webrtc ? rtc.status : hls.status;
  // Muted by the autoplay policy over WebRTC stays muted after a fallback (HLS then plays muted without
  // being refused): the unmute button stays until used.
  const mutedByPolicy = rtc.mutedByPolicy || hls.mutedByPolicy;
  const clearMuted = () => {
    rtc.clearMuted();
    hls.clearMuted();
  };
  const portrait = session.direction === 'portrait';
  const live = session.input === 'main' || session.input === 'backup';
  // Only the latency modes with a DVR window can seek; low and normal keep the plain live player.
  const dvr = live && (session.latency === 'high' || session.latency === 'very-high');
  const overlay = session.overlay;
  return (
    <Box
      sx={{
        height: '100%',
        width: '100%',
        containerType: 'size',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      <Box
        data-testid="player-frame"
        data-input={session.input}
        data-transport={offline ? undefined : webrtc ? 'webrtc' : 'hls'}
        sx={{
          position: 'relative',
          aspectRatio: portrait ? '9 / 16' : '16 / 9',
          width: portrait ? 'min(100cqw, calc(100cqh * 9 / 16))' : 'min(100cqw, calc(100cqh * 16 / 9))',
        }}
      >
        {/* The <video> (use-stage-video.ts): the one the page's early start plays in, when it did. */}
        <Box ref={host} sx={{ position: 'absolute', inset: 0 }} />
        {overlay && !offline && (
          <Box
            component="img"
            src={overlay.url}
            alt=""
            sx={{
              position: 'absolute',
              left: `${overlay.x}%`,
              top: `${overlay.y}%`,
              width: `${overlay.width}%`,
              height: `${overlay.height}%`,
              objectFit: 'contain',
              pointerEvents: 'none',
            }}
          />
        )}
        {offline && (
          <Box sx={slate}>
            <Box
              role="status"
              sx={{
                bgcolor: 'rgba(0, 0, 0, 0.72)',
                color: 'common.white',
                borderRadius: 2,
                px: 3,
                py: 2.5,
                maxWidth: 420,
              }}
            >
              <TvOffOutlined sx={{ fontSize: 40, opacity: 0.85 }} />
              <Typography variant="h2" sx={{ fontSize: '1.25rem', color: 'inherit', mt: 1 }}>
                {t('offline.title')}
              </Typography>
              <Typography sx={{ color: 'rgba(255, 255, 255, 0.85)', mt: 0.5 }}>
                {t('offline.text')}
              </Typography>
            </Box>
          </Box>
        )}
        {!offline && status === 'connecting' && (
          <Box sx={{ ...slate, pointerEvents: 'none' }}>
            <CircularProgress aria-label={t('connecting')} sx={{ color: 'common.white' }} />
          </Box>
        )}
        {dvr && (
          <DvrBar video={video} liveSync={LIVE_SYNC_SECONDS[session.latency]} livePosition={livePosition} />
        )}
        {session.input === 'vod' && (
          <Box
            role="status"
            data-testid="vod-badge"
            sx={{
              position: 'absolute',
              top: 12,
              right: 12,
              bgcolor: 'rgba(0, 0, 0, 0.72)',
              color: 'common.white',
              px: 1,
              borderRadius: 1,
              pointerEvents: 'none',
            }}
          >
            {session.vodSeconds === null
              ? t('vod.title')
              : t('vod.withLength', { length: formatClock(session.vodSeconds) })}
          </Box>
        )}
        {live && (
          <Box
            role="status"
            aria-label={t('liveBadge', { count: session.viewers })}
            sx={{ position: 'absolute', top: 12, right: 12, display: 'flex', gap: 1, pointerEvents: 'none' }}
          >
            <Box sx={{ bgcolor: '#d32f2f', color: 'common.white', fontWeight: 700, px: 1, borderRadius: 1 }}>
              {t('live')}
            </Box>
            <Box sx={{ bgcolor: 'rgba(0, 0, 0, 0.6)', color: 'common.white', px: 1, borderRadius: 1 }}>
              {t('viewers', { count: session.viewers })}
            </Box>
          </Box>
        )}
        {!offline && (
          <Box
            sx={{ position: 'absolute', top: 12, left: 12, display: 'flex', gap: 1, alignItems: 'center' }}
          >
            {mutedByPolicy && (
              <Button
                variant="contained"
                size="small"
                startIcon={<VolumeUp />}
                onClick={() => {
                  if (video.current) video.current.muted = false;
                  clearMuted();
                }}
              >
                {t('unmute')}
              </Button>
            )}
            <QualityMenu quality={quality} onChoose={chooseLevel} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
