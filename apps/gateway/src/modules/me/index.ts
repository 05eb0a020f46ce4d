import { defineModule } from '../../shared/define-module.js';
import { meResolvers } from './me.resolvers.js';

export const meModule = defineModule({
  name: 'me',
  resolvers: meResolvers,
  publicFields: {
    'Query.me': 'The signed-in user and its permissions: the web needs it to decide what to show.',
  },
});
