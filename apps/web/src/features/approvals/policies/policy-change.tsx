import Alert from '@mui/material/Alert';
import { isPolicyChange, policyChangeText } from './policy-texts';

/**
 * A request that changes the approval rules, in words ('Agregar la regla de aprobación: Cancelar pago siempre, 1
 * aprobación'), above what will be sent; nothing for a money move. Its own component: the request's detail renders it
 * and nothing more of it.
 */
export function PolicyChange({ request }: { request: { action: string; arguments: unknown } }) {
  if (!isPolicyChange(request.action)) return null;
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 2 }} data-testid="policy-change">
      Cambio de política: {policyChangeText(request.action, request.arguments)}. Rige cuando otro
      administrador lo aprueba.
    </Alert>
  );
}
