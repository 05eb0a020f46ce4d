import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export function StatCard({
  title,
  count,
  onClick,
  testId,
  caption,
}: {
  title: string;
  count: number | undefined;
  onClick(): void;
  testId: string;
  /** What was counted (the list's range), under the count. */
  caption?: string;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 240 }}>
      <CardActionArea onClick={onClick} data-testid={testId}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {title}
          </Typography>
          <Typography variant="h4" component="p" data-testid={`${testId}-count`}>
            {count ?? '…'}
          </Typography>
          {caption ? (
            <Typography variant="caption" color="text.secondary" data-testid={`${testId}-range`}>
              {caption}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
