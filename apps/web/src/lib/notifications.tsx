import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { MessageText } from '../components/detail/message-text';

/** Notices last 2500 ms (spec 001 §9), top-right, with a 'Cerrar' button. */
export const NOTICE_DURATION_MS = 2500;

export type NoticeSeverity = AlertColor;

export interface Notice {
  message: string;
  severity?: NoticeSeverity;
}

export interface Notifier {
  notify(message: string, severity?: NoticeSeverity): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

const NotifierContext = createContext<Notifier | null>(null);

/** `const notify = useNotify(); notify.success('Pago reembolsado')`. */
export function useNotify(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotify fuera de NotificationsProvider');
  return notifier;
}

interface QueuedNotice extends Required<Notice> {
  key: number;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedNotice[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  // `open` is false only while the current notice fades out; a new one waits in the queue for that (reopening
  // here would bring the fading notice back for another 2.5 s and hold every later one behind it).
  const notify = useCallback((message: string, severity: NoticeSeverity = 'info') => {
    setQueue((q) => [...q, { message, severity, key: Date.now() + Math.random() }]);
  }, []);

  const notifier = useMemo<Notifier>(
    () => ({
      notify,
      success: (m) => notify(m, 'success'),
      error: (m) => notify(m, 'error'),
      info: (m) => notify(m, 'info'),
      warning: (m) => notify(m, 'warning'),
    }),
    [notify],
  );

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotifierContext.Provider value={notifier}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={open}
          autoHideDuration={NOTICE_DURATION_MS}
          onClose={close}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            transition: {
              onExited: () => {
                setQueue((q) => q.slice(1));
                setOpen(true);
              },
            },
          }}
        >
          <Alert
            role="status"
            severity={current.severity}
            variant="filled"
            elevation={6}
            sx={{ alignItems: 'center', minWidth: 320 }}
            action={
              <Button color="inherit" size="small" onClick={() => close()}>
                Cerrar
              </Button>
            }
          >
            <MessageText message={current.message} />
          </Alert>
        </Snackbar>
      )}
    </NotifierContext.Provider>
  );
}
