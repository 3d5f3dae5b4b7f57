// The admin area's endpoints (see ../route.ts): filled in as the area moves to the table.
export {};
