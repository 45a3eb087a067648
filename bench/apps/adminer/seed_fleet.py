"""SQL for Adminer's second database, `fleet`: depots, drivers, a wide vehicles table,
trips and services, with foreign keys. Deterministic (random.Random(11)).
Usage: python3 seed_fleet.py | mariadb fleet"""

import random
from datetime import date, datetime, timedelta

rng = random.Random(11)
DEPOTS = [("North Yard", "Leeds", "LS9 0PS"), ("Harbour", "Hull", "HU1 2AA"),
          ("Ring Road", "York", "YO30 4XA"), ("Canal Side", "Wakefield", "WF1 5RB")]
FIRST = ["Aisha", "Ben", "Carla", "Dmitri", "Erin", "Farid", "Gwen", "Hugo", "Isla", "Jamal",
         "Kasia", "Liam", "Mei", "Noah", "Olga", "Pavel", "Rhea", "Sam"]
LAST = ["Archer", "Banks", "Chen", "Doyle", "Evans", "Flores", "Grant", "Hughes", "Iqbal",
        "Jones", "Khan", "Lowe", "Murphy", "Novak"]
MAKES = [("Ford", ["Transit", "Transit Custom", "Ranger"]), ("Vauxhall", ["Vivaro", "Movano"]),
         ("Mercedes-Benz", ["Sprinter", "Vito"]), ("Renault", ["Master", "Kangoo"]),
         ("Volkswagen", ["Crafter", "Caddy"])]
FUEL = ["diesel", "diesel", "diesel", "electric", "hybrid"]
STATUS = ["active", "active", "active", "in service", "retired"]


def q(v):
    if v is None:
        return "NULL"
    if isinstance(v, (int, float)):
        return str(v)
    return "'" + str(v).replace("'", "''") + "'"


def rows(table, cols, data):
    out = [f"INSERT INTO {table} ({', '.join(cols)}) VALUES"]
    out.append(",\n".join("(" + ", ".join(q(v) for v in r) + ")" for r in data) + ";")
    return "\n".join(out)


print("""SET FOREIGN_KEY_CHECKS=0;
DROP TABLE IF EXISTS services, trips, vehicles, drivers, depots;
SET FOREIGN_KEY_CHECKS=1;
CREATE TABLE depots (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, city VARCHAR(40),
  postcode VARCHAR(10), bays INT) ENGINE=InnoDB COMMENT='Where the vans sleep';
CREATE TABLE drivers (id INT PRIMARY KEY, first_name VARCHAR(30), last_name VARCHAR(30),
  email VARCHAR(80), phone VARCHAR(20), licence_no VARCHAR(20) UNIQUE, licence_expiry DATE,
  depot_id INT, hired_on DATE, hourly_rate DECIMAL(6,2), is_active TINYINT(1),
  FOREIGN KEY (depot_id) REFERENCES depots(id)) ENGINE=InnoDB;
CREATE TABLE vehicles (id INT PRIMARY KEY, plate VARCHAR(10) UNIQUE NOT NULL, make VARCHAR(30),
  model VARCHAR(30), year SMALLINT, fuel ENUM('diesel','electric','hybrid'), colour VARCHAR(20),
  odometer_km INT, payload_kg INT, seats TINYINT, status VARCHAR(12), depot_id INT,
  driver_id INT, purchased_on DATE, purchase_price DECIMAL(9,2), last_service DATE,
  next_service DATE, insurance_expiry DATE, notes VARCHAR(120),
  FOREIGN KEY (depot_id) REFERENCES depots(id), FOREIGN KEY (driver_id) REFERENCES drivers(id),
  KEY idx_status (status)) ENGINE=InnoDB COMMENT='Vans and pickups';
CREATE TABLE trips (id INT PRIMARY KEY, vehicle_id INT, driver_id INT, started_at DATETIME,
  ended_at DATETIME, distance_km DECIMAL(7,1), origin VARCHAR(40), destination VARCHAR(40),
  cargo VARCHAR(40), FOREIGN KEY (vehicle_id) REFERENCES vehicles(id),
  FOREIGN KEY (driver_id) REFERENCES drivers(id)) ENGINE=InnoDB;
CREATE TABLE services (id INT PRIMARY KEY, vehicle_id INT, serviced_on DATE, garage VARCHAR(40),
  kind VARCHAR(20), cost DECIMAL(8,2), FOREIGN KEY (vehicle_id) REFERENCES vehicles(id))
  ENGINE=InnoDB;""")
print(rows("depots", ["id", "name", "city", "postcode", "bays"],
           [(i, n, c, p, 10 + 4 * i) for i, (n, c, p) in enumerate(DEPOTS, 1)]))
drivers = []
for i in range(1, 25):
    f, last = FIRST[(i * 5) % len(FIRST)], LAST[(i * 3) % len(LAST)]
    drivers.append((i, f, last, f"{f.lower()}.{last.lower()}@fleet.example",
                    f"07700 9{rng.randint(10000, 99999)}",
                    f"{last[:5].upper()}{rng.randint(100000, 999999)}",
                    (date(2025, 1, 1) + timedelta(days=rng.randint(0, 2000))).isoformat(),
                    rng.randint(1, 4),
                    (date(2015, 1, 1) + timedelta(days=rng.randint(0, 3000))).isoformat(),
                    round(rng.uniform(12.5, 19.5), 2), 0 if i % 9 == 0 else 1))
print(rows("drivers", ["id", "first_name", "last_name", "email", "phone", "licence_no",
                       "licence_expiry", "depot_id", "hired_on", "hourly_rate", "is_active"],
           drivers))
vehicles = []
for i in range(1, 61):
    make, models = MAKES[rng.randrange(len(MAKES))]
    fuel = rng.choice(FUEL)
    year = rng.randint(2014, 2024)
    bought = date(year, rng.randint(1, 12), rng.randint(1, 28))
    last_s = date(2024, 1, 1) + timedelta(days=rng.randint(0, 300))
    vehicles.append((i, f"{rng.choice('ABDFGHKLMNPRSTVY')}{rng.choice('ABDFGHKLMNPRSTVY')}"
                        f"{year % 100:02d} "
                        f"{''.join(rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(3))}",
                     make, rng.choice(models), year, fuel,
                     rng.choice(["white", "white", "silver", "blue", "red", "black"]),
                     rng.randint(5000, 260000), rng.choice([600, 800, 1000, 1200, 1400]),
                     rng.choice([2, 3, 3, 6]), rng.choice(STATUS), rng.randint(1, 4),
                     rng.randint(1, 24) if rng.random() < 0.8 else None, bought.isoformat(),
                     round(rng.uniform(18000, 52000), 2), last_s.isoformat(),
                     (last_s + timedelta(days=365)).isoformat(),
                     (date(2025, 1, 1) + timedelta(days=rng.randint(0, 365))).isoformat(),
                     rng.choice([None, None, "tow bar", "roof rack", "dent rear door",
                                 "chilled body", "ply lining"])))
print(rows("vehicles", ["id", "plate", "make", "model", "year", "fuel", "colour", "odometer_km",
                        "payload_kg", "seats", "status", "depot_id", "driver_id", "purchased_on",
                        "purchase_price", "last_service", "next_service", "insurance_expiry",
                        "notes"], vehicles))
places = ["Leeds", "Hull", "York", "Wakefield", "Bradford", "Harrogate", "Selby", "Doncaster"]
trips = []
for i in range(1, 201):
    t0 = datetime(2024, 3, 1, 6) + timedelta(hours=rng.randint(0, 24 * 200))
    o, d = rng.sample(places, 2)
    trips.append((i, rng.randint(1, 60), rng.randint(1, 24), t0.isoformat(sep=" "),
                  (t0 + timedelta(minutes=rng.randint(30, 400))).isoformat(sep=" "),
                  round(rng.uniform(8, 240), 1), o, d,
                  rng.choice(["parcels", "furniture", "chilled food", "tools", "returns"])))
print(rows("trips", ["id", "vehicle_id", "driver_id", "started_at", "ended_at", "distance_km",
                     "origin", "destination", "cargo"], trips))
services = [(i, rng.randint(1, 60),
             (date(2023, 1, 1) + timedelta(days=rng.randint(0, 650))).isoformat(),
             rng.choice(["Kwik Garage", "Ring Road Motors", "Harbour Diesel"]),
             rng.choice(["annual", "tyres", "brakes", "MOT"]), round(rng.uniform(80, 1400), 2))
            for i in range(1, 81)]
print(rows("services", ["id", "vehicle_id", "serviced_on", "garage", "kind", "cost"], services))
