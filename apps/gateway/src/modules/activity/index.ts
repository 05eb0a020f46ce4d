import { defineModule } from '../../shared/define-module.js';
import { activityCsvDownload, activityExportDownload } from './activity-files.js';
import { activityResolvers } from './activity.resolvers.js';

/** The operators' activity and preferences, from the gateway's own store (@backoffice/store). */
export const activityModule = defineModule({
  name: 'activity',
  schemaFiles: ['activity.graphql'],
  resolvers: activityResolvers,
  files: [activityCsvDownload, activityExportDownload],
  publicFields: {
    'Query.preferences': "The signed-in operator's own preferences: read by user name from the token only.",
  },
});
