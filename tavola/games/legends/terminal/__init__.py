"""Legends of AZ at the terminal (`tavola play legends`): its own flags, the table they ask
for, and the screen that draws it with Rich, from one seat's view only."""
