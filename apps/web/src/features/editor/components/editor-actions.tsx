import ArrowBack from '@mui/icons-material/ArrowBack';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import MovieCreationOutlined from '@mui/icons-material/MovieCreationOutlined';
import Redo from '@mui/icons-material/Redo';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Undo from '@mui/icons-material/Undo';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('editor');
  return (
    <Button startIcon={<ArrowBack />} onClick={onBack}>
      {t('editor.back')}
    </Button>
  );
}

/** The editor's header buttons: back, rename, undo, redo, save, render. */
export function EditorActions(props: {
  onBack: () => void;
  onRename: () => void;
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
  saving: boolean;
  dirty: boolean;
  onSave: () => void;
  rendering: boolean;
  canRender: boolean;
  onRender: () => void;
}) {
  const { t } = useTranslation('editor');
  const { history } = props;
  return (
    <>
      <BackButton onBack={props.onBack} />
      <Tooltip title={t('rename.button')}>
        <IconButton aria-label={t('rename.button')} onClick={props.onRename}>
          <DriveFileRenameOutline />
        </IconButton>
      </Tooltip>
      <Tooltip title={`${t('editor.undo')} (Ctrl+Z)`}>
        <span>
          <IconButton aria-label={t('editor.undo')} disabled={!history.canUndo} onClick={history.undo}>
            <Undo />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={`${t('editor.redo')} (Ctrl+Shift+Z)`}>
        <span>
          <IconButton aria-label={t('editor.redo')} disabled={!history.canRedo} onClick={history.redo}>
            <Redo />
          </IconButton>
        </span>
      </Tooltip>
      <Button
        variant="outlined"
        startIcon={<SaveOutlined />}
        loading={props.saving}
        disabled={!props.dirty}
        onClick={props.onSave}
        aria-keyshortcuts="Control+S"
      >
        {t('editor.save')}
      </Button>
      <Button
        variant="contained"
        startIcon={<MovieCreationOutlined />}
        loading={props.rendering}
        disabled={!props.canRender}
        onClick={props.onRender}
      >
        {t('render.button')}
      </Button>
    </>
  );
}
