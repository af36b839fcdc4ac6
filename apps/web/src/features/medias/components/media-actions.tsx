import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import TheatersOutlined from '@mui/icons-material/TheatersOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '../api/types';

export type MediaAction = 'play' | 'rename' | 'copy' | 'render' | 'publish' | 'delete';

/** The per-media menu: play, rename, copy, download, render to MP4, publish to social connections, delete. */
export function MediaActions({
  media,
  onAction,
}: {
  media: MediaItem;
  onAction: (action: MediaAction, media: MediaItem) => void;
}) {
  const { t } = useTranslation('medias');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const ready = media.status === 'ready';
  const pick = (action: MediaAction) => () => {
    setAnchor(null);
    onAction(action, media);
  };
  const item = (action: MediaAction, icon: ReactNode, label: string, disabled = false) => (
    <MenuItem onClick={pick(action)} disabled={disabled}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Tooltip title={t('actions.more')}>
        <IconButton
          aria-label={t('actions.moreFor', { name: media.name })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item('play', <PlayArrowOutlined />, t('actions.play'), !media.links.original)}
        {item('rename', <DriveFileRenameOutlineOutlined />, t('actions.rename'))}
        {item('copy', <ContentCopyOutlined />, t('actions.copy'), !ready)}
        <MenuItem
          component="a"
          href={media.links.download ?? undefined}
          download
          disabled={!media.links.download}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <DownloadOutlined />
          </ListItemIcon>
          <ListItemText>{t('actions.download')}</ListItemText>
        </MenuItem>
        {item('render', <TheatersOutlined />, t('actions.render'), !ready)}
        {item('publish', <PublishOutlined />, t('actions.publish'), !ready)}
        {item('delete', <DeleteOutlined />, t('actions.delete'))}
      </Menu>
    </>
  );
}
