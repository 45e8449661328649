import type { RouteObject } from 'react-router-dom';

/**
 * Signed-in routes of the tracking features (projects, activities, dashboard). The app router
 * mounts these inside the signed-in layout.
 */
export const trackingRoutes: RouteObject[] = [];
