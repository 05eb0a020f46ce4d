import PresentationsScreen from './presentations-screen';

/** /afip/generar: 'Nueva presentación' over the presentations list. */
export default function PresentationCreateScreen() {
  return <PresentationsScreen creating />;
}
