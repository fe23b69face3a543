"""Legends of AZ campaigns (§5.16, R132–R141): a party fights a list of battles against the
automatic boss or evil players, carrying cards between them. The campaign is plain data
(`sequence`); `capability` offers it to the shell as `tavola.core.capabilities.Campaigns`."""
