import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import { ApiError } from '@stromwerk/client/api-error';
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/page';
import { embeddingOrigin } from '../api/early-start';
import { usePlayState } from '../api/play-state';
import { useStartSession } from '../api/start-session';
import { PasswordForm } from './password-form';
import { PlayerLayout } from './player-layout';
import { PlayerLoading, PlayerMessage } from './player-message';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/**
 * Becomes a viewer (password, embedding site and viewer limit are checked by the server), then shows the
 * program and keeps asking what it shows. A token the server stops accepting (passwords or whitelist
 * changed) starts the viewer over.
 */
export function PlayerPage({ outputId }: { outputId: string }) {
  const { t } = useTranslation('player');
  const start = useStartSession(outputId);
  const [session, setSession] = useState<PlaySession | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const [origin] = useState(embeddingOrigin);
  const begin = (password?: string) =>
    start.mutate(
      { password, embedOrigin: origin },
      {
        onSuccess: (value) => {
          setSession(value);
          setNeedsPassword(false);
        },
        onError: (error) => setNeedsPassword(codeOf(error) === 'PASSWORD_REQUIRED'),
      },
    );
  const beginRef = useRef(begin);
  beginRef.current = begin;
  const started = useRef(false);
  useEffect(() => {
    // Once per page load, also under StrictMode: every session counts as a view.
    if (started.current) return;
    started.current = true;
    beginRef.current();
  }, []);

  const state = usePlayState(outputId, session?.token ?? null);
  const stateError = state.error;
  useEffect(() => {
    if (codeOf(stateError) === 'VIEWER_TOKEN_INVALID') {
      setSession(null);
      beginRef.current();
    }
  }, [stateError]);

  const current = state.data ?? session;
  useDocumentTitle(current?.name ?? t('title'));
  if (current) return <PlayerLayout outputId={outputId} session={current} />;

  if (needsPassword) {
    const tried = Boolean(start.variables?.password);
    return (
      <PlayerMessage icon={null} title={t('password.title')} text={t('password.text')}>
        <PasswordForm
          wrong={tried && !start.isPending && codeOf(start.error) === 'PASSWORD_REQUIRED'}
          pending={start.isPending}
          onSubmit={begin}
        />
      </PlayerMessage>
    );
  }
  if (start.isPending || start.isIdle) return <PlayerLoading />;

  const code = codeOf(start.error);
  const retry = (
    <Button variant="contained" onClick={() => begin()}>
      {t('retry')}
    </Button>
  );
  if (code === 'VIEWER_LIMIT_REACHED')
    return (
      <PlayerMessage icon={<GroupsOutlined />} title={t('full.title')} text={t('full.text')}>
        {retry}
      </PlayerMessage>
    );
  if (code === 'DOMAIN_NOT_ALLOWED')
    return (
      <PlayerMessage icon={<BlockOutlined />} title={t('notAllowed.title')} text={t('notAllowed.text')}>
        <Button
          variant="contained"
          href={window.location.href}
          target="_blank"
          rel="noopener"
          startIcon={<OpenInNew />}
        >
          {t('notAllowed.open')}
        </Button>
      </PlayerMessage>
    );
  const missing = code === 'NOT_FOUND' || (start.error instanceof ApiError && start.error.statusCode === 400);
  if (missing)
    return <PlayerMessage icon={<ErrorOutline />} title={t('notFound.title')} text={t('notFound.text')} />;
  return (
    <PlayerMessage
      icon={<ErrorOutline />}
      title={t('failed.title')}
      text={code === 'RATE_LIMITED' ? t('failed.rateLimited') : t('failed.text')}
    >
      {retry}
    </PlayerMessage>
  );
}
