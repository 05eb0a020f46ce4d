import type { ItemNoun } from '@/components/dialogs/item-noun';

/** Every text the payer screens show (spec 000 §2, 001 §2, §5, §8). */
export const PAYERS_MESSAGES = {
  searchTitle: 'Buscar Pagadores',
  searchPlaceholder: 'Nombre, e-mail, ID o número de identificación',
  searchFilters: 'Filtros de pagadores',
  searchGrid: 'Pagadores',
  empty: 'No se encontraron Pagadores',
  loadError: 'No se pudieron cargar los pagadores',
  detailTitle: 'Detalle del pagador',
  newTitle: 'Nuevo pagador',
  create: 'Crear',
  created: 'Pagador creado con éxito',
  toPayments: 'Ver pagos',
  toSubscriptions: 'Ver suscripciones',
  referencesTitle: 'Referencias de pagadores',
  referencesEmpty: 'No se encontraron referencias de pagadores.',
  referencesLoadError: 'No se pudieron cargar las referencias de pagadores',
  referencesPlaceholder: 'Nombre, e-mail o número de identificación',
  newReferenceTitle: 'Nueva referencia de pagador',
  editReferenceTitle: 'Editar referencia de pagador',
  referenceNotFound: 'La referencia de pagador no existe',
  referenceCreated: 'Referencia creada con éxito',
  referenceUpdated: 'Referencia actualizada con éxito',
  referenceDeleted: 'Referencia eliminada con éxito',
  referencesDeleted: 'Referencias eliminadas con éxito',
  deleteTitle: 'Eliminar referencia',
  deleteByCollector: 'Eliminar por entidad',
  deleteByCollectorHint: 'Se eliminarán todas las referencias de pagadores de la entidad elegida.',
  collectorRequired: 'La entidad es requerida',
  save: 'Guardar',
} as const;

/** How the references are counted ('1.500 referencias de pagadores'). */
export const PAYER_REFERENCE_NOUN: ItemNoun = {
  one: 'referencia de pagador',
  many: 'referencias de pagadores',
  gender: 'feminine',
};
