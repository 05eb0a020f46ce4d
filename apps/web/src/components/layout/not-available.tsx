import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { PageHeader } from './page-header';
import { StatusPage } from './status-page';

/** A section of the route table whose screen is not part of this version. */
export function NotAvailableContent({ title }: { title: string }) {
  return (
    <StatusPage
      icon={<ConstructionOutlined />}
      title="Sección no disponible"
      testId="not-available"
      actions={
        <Button component={RouterLink} to="/home" variant="contained">
          Volver al inicio
        </Button>
      }
    >
      La sección «{title}» no está disponible en esta versión del back-office.
    </StatusPage>
  );
}

export function NotAvailablePage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <NotAvailableContent title={title} />
    </>
  );
}
