import { lazy } from 'react';

/** Screens loaded on demand (route-level code splitting): the grid and feature code stay out of the first load. */
export const PaymentsSearchScreen = lazy(() => import('../features/payments/screens/payments-search-screen'));
export const PaymentDetailScreen = lazy(() => import('../features/payments/screens/payment-detail-screen'));
export const NotificationScreen = lazy(() => import('../features/payments/screens/notification-screen'));
export const HomeScreen = lazy(() => import('./home/home-screen'));
export const ProfileScreen = lazy(() => import('./profile/profile-screen'));
