import { ReferenceEditScreen } from './reference-form-screen';

export default ReferenceEditScreen;
