/**
 * The live room's way to the activity stage. Mini-program: the stage host is compiled into packageA with the live
 * room (the subpackage is what loads on demand there), so it is imported as is. entry.h5.tsx loads it on demand.
 */
export { ActivityStage, GoodsTab } from './index'
export { ActivitiesTab, runningActivities } from './running'
