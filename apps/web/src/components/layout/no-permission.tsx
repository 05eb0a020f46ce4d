import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { StatusPage } from './status-page';

/** What a screen shows when the user lacks its permission (spec 001 §1: 'No tiene permisos'). */
export function NoPermission({ title }: { title?: string }) {
  return (
    <StatusPage
      icon={<LockOutlined />}
      title="No tiene permisos"
      testId="no-permission"
      actions={
        <Button component={RouterLink} to="/home" variant="outlined">
          Volver al inicio
        </Button>
      }
    >
      {title
        ? `Su usuario no tiene los permisos necesarios para ver «${title}». Si los necesita, pídalos a un administrador.`
        : 'Su usuario no tiene los permisos necesarios para ver esta sección. Si los necesita, pídalos a un administrador.'}
    </StatusPage>
  );
}
