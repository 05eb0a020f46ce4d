import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { NEWS, PRODUCT_VERSION } from './product';

/** Novedades: what's new in this version. */
export default function NewsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="news-title">
      <DialogTitle id="news-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        Novedades
        <Chip label={`Versión ${PRODUCT_VERSION}`} size="small" color="secondary" variant="outlined" />
      </DialogTitle>
      <DialogContent dividers>
        <List disablePadding>
          {NEWS.map((item) => (
            <ListItem key={item.title} alignItems="flex-start" disableGutters>
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                <CheckCircleOutline color="secondary" fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={item.title}
                secondary={item.detail}
                slotProps={{ primary: { fontWeight: 600 } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Entendido
        </Button>
      </DialogActions>
    </Dialog>
  );
}
