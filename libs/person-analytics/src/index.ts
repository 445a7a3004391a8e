export * from './person-analytics.module';
