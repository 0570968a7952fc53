print("lattice: no commands yet")
