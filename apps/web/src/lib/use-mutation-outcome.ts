import { useCallback, useMemo } from 'react';
import { describeError } from './errors';
import { resolveOutcome, type DialogFeedback, type OutcomePayloadLike } from './mutation-outcome';
import { useNotify } from './notifications';

export interface OutcomeTexts {
  /** The toast on SUCCESS (spec 000 §8 success messages). */
  success: string;
  /** Called on UNKNOWN: read the subject again before the operator decides. */
  onUnknown?(): void;
  /** Called on SUCCESS, after the toast (close a dialog, follow the list...). */
  onSuccess?(): void;
}

export interface MutationFeedback {
  /**
   * For a dialog's submit: SUCCESS -> the success toast and null (the caller closes the dialog); FAILED,
   * UNKNOWN or PENDING_APPROVAL -> the feedback the dialog shows inside itself (it stays open with its values).
   */
  settle(payload: OutcomePayloadLike | null | undefined, texts: OutcomeTexts): DialogFeedback | null;
  /**
   * For an action without a dialog (a reload button): every outcome becomes a toast — success, error
   * (catalogue text - extended code), a warning "Resultado desconocido", or an information "Pendiente de
   * aprobación". Answers whether it succeeded.
   */
  announce(payload: OutcomePayloadLike | null | undefined, texts: OutcomeTexts): boolean;
  /** A request that threw (network, permission): its Spanish description as an error toast. */
  announceError(error: unknown): void;
  /**
   * `settle`'s feedback (maybe explained, e.g. by `useFreshRecord`'s `explainRefusal`) as a toast, as `announce` says
   * it; null says nothing. Answers whether there was nothing to say.
   */
  announceFeedback(feedback: DialogFeedback | null): boolean;
}

/**
 * The one place a mutation's outcome becomes operator feedback, so every area says success, failure and
 * "resultado desconocido" the same way.
 */
export function useMutationOutcome(): MutationFeedback {
  const notify = useNotify();
  const settle = useCallback<MutationFeedback['settle']>(
    (payload, texts) => {
      const resolution = resolveOutcome(payload);
      if (resolution.kind === 'success') {
        notify.success(texts.success);
        texts.onSuccess?.();
        return null;
      }
      if (resolution.kind === 'pending') return resolution.feedback;
      if (resolution.unknown) texts.onUnknown?.();
      return resolution.feedback;
    },
    [notify],
  );
  const announceFeedback = useCallback<MutationFeedback['announceFeedback']>(
    (feedback) => {
      if (!feedback) return true;
      const text =
        feedback.title && !feedback.message.startsWith(feedback.title)
          ? `${feedback.title}: ${feedback.message}`
          : feedback.message;
      if (feedback.severity === 'info') notify.info(text);
      else if (feedback.severity === 'warning') notify.warning(text);
      else notify.error(text);
      return false;
    },
    [notify],
  );
  const announce = useCallback<MutationFeedback['announce']>(
    (payload, texts) => announceFeedback(settle(payload, texts)),
    [settle, announceFeedback],
  );
  const announceError = useCallback((error: unknown) => notify.error(describeError(error)), [notify]);
  return useMemo(
    () => ({ settle, announce, announceError, announceFeedback }),
    [settle, announce, announceError, announceFeedback],
  );
}
