from tavola.cli import main

main()
