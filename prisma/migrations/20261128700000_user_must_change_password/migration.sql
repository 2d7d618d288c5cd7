-- Passwords (issue 36 item 10, docs/api-notes/users-and-roles.md): a temporary password
-- (a new user's, an ADMIN's reset) must be changed at the first sign-in.
ALTER TABLE "User" ADD COLUMN "mustChangePassword" BOOLEAN NOT NULL DEFAULT false;
