import { useMemo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { PageHeader } from '../../components/layout/page-header';
import { useAuth } from '../../lib/auth-context';
import { useCurrentUser } from '../../lib/permissions';
import { initials } from '../shell/initials';
import { groupPermissions } from './permission-labels';

/** /perfil: who is signed in and what they may do. */
export default function ProfileScreen() {
  const user = useCurrentUser();
  const auth = useAuth();
  const areas = useMemo(() => groupPermissions(user.permissions), [user.permissions]);
  const count = user.permissions.length;

  return (
    <>
      <PageHeader title="Mi perfil" subtitle="Sus datos de acceso y los permisos que tiene asignados." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ position: { md: 'sticky' }, top: { md: 84 } }}>
            <CardContent sx={{ textAlign: 'center', pt: 4 }}>
              <Avatar
                sx={{ width: 72, height: 72, fontSize: 28, mx: 'auto', mb: 2, bgcolor: 'primary.main' }}
              >
                {initials(user.name, user.username)}
              </Avatar>
              <Typography variant="h6" data-testid="profile-name">
                {user.name || user.username}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Sesión iniciada
              </Typography>
            </CardContent>
            <Divider />
            <CardContent>
              <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
                <Field label="Usuario" value={user.username} testId="profile-username" />
                <Field label="Nombre" value={user.name || '—'} />
                <Field label="E-mail" value={user.email || '—'} testId="profile-email" />
              </Stack>
            </CardContent>
            <Divider />
            <CardContent>
              <Button
                fullWidth
                variant="outlined"
                color="error"
                startIcon={<Logout />}
                onClick={() => void auth.logout()}
              >
                Cerrar Sesion
              </Button>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
                <VerifiedUserOutlined color="primary" />
                <Typography variant="h6" component="h2">
                  Permisos
                </Typography>
                <Chip size="small" label={count} sx={{ ml: 0.5 }} />
              </Box>
              {areas.length === 0 ? (
                <Typography color="text.secondary" data-testid="no-permissions">
                  Su usuario no tiene permisos adicionales: puede buscar y consultar pagos.
                </Typography>
              ) : (
                <Stack spacing={2.5} data-testid="permission-list">
                  {areas.map((area) => (
                    <Box key={area.label} component="section" aria-label={area.label}>
                      <Typography variant="overline" color="text.secondary" component="h3">
                        {area.label}
                      </Typography>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                        {area.permissions.map((p) => (
                          <Chip
                            key={p.permission}
                            label={p.label}
                            title={p.permission}
                            variant="outlined"
                            color="primary"
                            size="small"
                          />
                        ))}
                      </Box>
                    </Box>
                  ))}
                </Stack>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 500, wordBreak: 'break-all' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}
