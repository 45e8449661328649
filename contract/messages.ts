/**
 * Messages the server answers and the app shows or recognises, word for word in one place.
 */

/** A start after the end, from the form, the API and the CSV import alike. */
export const TIME_TRAVELLER = "Woah time traveller! Your start time can't be after your end time!";

/** 403 `FREE_ITEM_LIMIT`: a free account at its item limit. */
export const itemLimitMessage = (limit: number) =>
  `Please upgrade to premium to add more than ${limit} items`;

/** 403 `FREE_PROJECT_LIMIT`: a free account at its project limit. */
export const projectLimitMessage = (limit: number) =>
  `Please upgrade to premium to add more than ${limit} projects`;

/** 404 `PROJECT_NOT_FOUND`: no such project of this user (another user's is unknown too). */
export const PROJECT_NOT_FOUND = 'Project not found';
