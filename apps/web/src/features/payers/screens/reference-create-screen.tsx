import { ReferenceCreateScreen } from './reference-form-screen';

export default ReferenceCreateScreen;
