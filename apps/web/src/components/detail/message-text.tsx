import { splitCodedMessage } from '@/lib/coded-message';

/**
 * A refusal or failure message as the operator reads it: as the gateway wrote it, the sentence, ' - ' and the code
 * that names the reason ('La operación no está permitida en el estado actual. - period_closed', spec 001 §8), so that
 * the operator tells one refusal from another without hovering (a catalogue sentence alone says the same for many
 * reasons). The code is also the element's `data-code`, for support and the tests. A module without MUI: the shell's
 * notices show it.
 */
export function MessageText({ message }: { message: string }) {
  const { code } = splitCodedMessage(message);
  if (!code) return <>{message}</>;
  return <span data-code={code}>{message.trim()}</span>;
}
