export * from '@/components/detail/detail-card';
