/**
 * Every text of the profile page (SPEC §2.18, §8), word for word where the spec gives one.
 * Texts the spec does not give are marked "(ours)".
 */
export const PROFILE_TEXT = {
  title: 'My Profile',
  subtitle: 'Your name, contact details and bio.', // (ours)
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  emailHint: 'Your email address cannot be changed.', // (ours)
  phone: 'Phone',
  bio: 'Bio',
  notProvided: 'Not provided', // (ours)
  phonePlaceholder: '+1 555 123 4567', // (ours)
  bioPlaceholder: 'Tell others about yourself and your business.', // (ours)
  edit: 'Edit Profile',
  save: 'Save',
  saving: 'Saving...', // (ours)
  cancel: 'Cancel',
  saved: 'Profile updated successfully.', // (ours; the server's own message is shown when sent)
  failed: 'Failed to update profile',
} as const;
