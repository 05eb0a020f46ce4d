import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { describeError } from '../../lib/errors';
import { MessageText } from '../detail/code-text';

/** An Apollo or network error in Spanish, with an optional retry button. */
export function ErrorAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Reintentar
          </Button>
        )
      }
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      <MessageText message={describeError(error)} />
    </Alert>
  );
}
