import { EmptyText, Field, FieldGrid } from './detail-card';

/** Where a payment or subscription came from (spec 000 §3 source {id, name, type}). */
export interface SourceLike {
  id?: string | null;
  name?: string | null;
  type?: string | null;
}

/** The "Origen" block of a detail screen: name, type (as the area labels it) and id, or 'Origen desconocido.'. */
export function SourceFields({
  source,
  typeLabel,
}: {
  source: SourceLike | null | undefined;
  typeLabel(type: string | null | undefined): string;
}) {
  if (!source) return <EmptyText>Origen desconocido.</EmptyText>;
  return (
    <FieldGrid min={140}>
      <Field label="Nombre" value={source.name} />
      <Field label="Tipo" value={typeLabel(source.type)} />
      <Field label="ID" value={source.id} mono />
    </FieldGrid>
  );
}
