// The public ./testing entry: the scripted model and fixtures for users' own tests.
export {};
