/** Front version (ordering-area §9): also the persisted query cache's buster. */
export const APP_VERSION = '27.0.0'
